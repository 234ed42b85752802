import { useRef, useState, type ChangeEvent, type DragEvent } from "react";

/**
 * What a photo picker needs to take files: the hidden gallery and camera inputs' refs and their
 * change handler (which clears the input, so the same file can be picked again), and a drop
 * zone's handlers with whether a file is being dragged over it. `take` receives the files;
 * `canDrop` says whether a drag over the zone should show as accepted.
 */
export function useFilePick(take: (files: FileList | null) => void, canDrop: () => boolean) {
  const gallery = useRef<HTMLInputElement>(null);
  const camera = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  return {
    gallery,
    camera,
    dragging,
    onInputChange: (event: ChangeEvent<HTMLInputElement>) => {
      take(event.target.files);
      event.target.value = "";
    },
    dropZone: {
      onDragOver: (event: DragEvent) => {
        event.preventDefault();
        if (canDrop()) setDragging(true);
      },
      onDragLeave: () => setDragging(false),
      onDrop: (event: DragEvent) => {
        event.preventDefault();
        setDragging(false);
        take(event.dataTransfer.files);
      },
    },
  };
}
