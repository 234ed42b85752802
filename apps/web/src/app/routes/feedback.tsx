import { TitleOnlyPage } from "./title-only-page";

export default function FeedbackRoute() {
  return <TitleOnlyPage page="feedback" />;
}
