/** The bottom bar's item and icon pill classes, shared by its links and its Setting slot. */
export const itemClass =
  "group/item flex min-h-16 w-full flex-col items-center justify-center gap-1 rounded-2xl px-1 pt-2 pb-1.5 text-[0.7rem] leading-none font-medium text-muted-foreground transition-colors focus-visible:ring-[3px] focus-visible:ring-ring/40 focus-visible:outline-none";

export const pillClass =
  "flex h-8 w-14 items-center justify-center rounded-full transition-colors [&_svg]:size-[1.35rem]";
