import { TitleOnlyPage } from "./title-only-page";

export default function AuthRoute() {
  return <TitleOnlyPage page="auth" />;
}
