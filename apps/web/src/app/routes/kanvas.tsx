import { TitleOnlyPage } from "./title-only-page";

export default function KanvasRoute() {
  return <TitleOnlyPage page="kanvas" />;
}
