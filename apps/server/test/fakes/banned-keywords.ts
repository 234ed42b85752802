/**
 * The active banned keywords (`banned_keywords`) as the services read them; `words` is the list
 * (a test adds to it).
 */
export function fakeBannedKeywords(...words: string[]) {
  const list = [...words];
  return {
    words: list,
    active: () => Promise.resolve([...list]),
  };
}
