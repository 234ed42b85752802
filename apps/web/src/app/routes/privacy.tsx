import { TitleOnlyPage } from "./title-only-page";

export default function PrivacyRoute() {
  return <TitleOnlyPage page="privacy" />;
}
