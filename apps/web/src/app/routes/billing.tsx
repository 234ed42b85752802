import { TitleOnlyPage } from "./title-only-page";

export default function BillingRoute() {
  return <TitleOnlyPage page="billing" />;
}
