import { Dropzone } from "@mantine/dropzone";
import { IconUpload, IconX } from "@tabler/icons-react";

/** A drop zone's props: the file taken (shown in it), and what to do with a drop (null and true
 * when it was refused). */
export interface DroppedFileProps {
  file: File | null;
  onFile: (file: File | null, rejected: boolean) => void;
}

/**
 * The icon of a drop zone's state: an arrow while an accepted file hovers it, a cross for a refused
 * one, and `idle` (the kind of file it takes) otherwise. `stroke` thins the first two as well.
 */
export function DropzoneIcons({
  size,
  idle: Idle,
  stroke,
}: {
  size: number;
  idle: typeof IconUpload;
  stroke?: number;
}) {
  return (
    <>
      <Dropzone.Accept>
        <IconUpload size={size} stroke={stroke} aria-hidden />
      </Dropzone.Accept>
      <Dropzone.Reject>
        <IconX size={size} stroke={stroke} aria-hidden />
      </Dropzone.Reject>
      <Dropzone.Idle>
        <Idle size={size} stroke={1.5} aria-hidden />
      </Dropzone.Idle>
    </>
  );
}
