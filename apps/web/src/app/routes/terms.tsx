import { TitleOnlyPage } from "./title-only-page";

export default function TermsRoute() {
  return <TitleOnlyPage page="terms" />;
}
