import { TitleOnlyPage } from "./title-only-page";

export default function GalleryRoute() {
  return <TitleOnlyPage page="gallery" />;
}
