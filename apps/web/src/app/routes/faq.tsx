import { TitleOnlyPage } from "./title-only-page";

export default function FaqRoute() {
  return <TitleOnlyPage page="faq" />;
}
