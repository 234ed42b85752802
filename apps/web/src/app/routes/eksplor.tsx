import { TitleOnlyPage } from "./title-only-page";

export default function EksplorRoute() {
  return <TitleOnlyPage page="eksplor" />;
}
