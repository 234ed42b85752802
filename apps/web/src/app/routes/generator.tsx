import { TitleOnlyPage } from "./title-only-page";

export default function GeneratorRoute() {
  return <TitleOnlyPage page="generator" />;
}
