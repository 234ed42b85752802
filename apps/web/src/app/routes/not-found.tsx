import { NotFoundContent } from "./not-found-content";

export default function NotFoundRoute() {
  return <NotFoundContent />;
}
