import { TitleOnlyPage } from "./title-only-page";

export default function CreditsRoute() {
  return <TitleOnlyPage page="credits" />;
}
