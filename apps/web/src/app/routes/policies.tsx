import { TitleOnlyPage } from "./title-only-page";

export default function PoliciesRoute() {
  return <TitleOnlyPage page="policies" />;
}
