import { useState } from 'react';

interface UserAvatarProps {
  name: string;
  photo: string | null;
  /** Tailwind size classes, e.g. 'h-8 w-8 text-xs'. */
  className?: string;
}

/** Up to two capital letters from the name: "Ada Lovelace" gives "AL", "ada" gives "A". */
export function initialsOf(name: string): string {
  const letters = name
    .split(/[\s._-]+/)
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase());
  const first = letters[0] ?? '?';
  const last = letters.length > 1 ? (letters[letters.length - 1] ?? '') : '';
  return first + last;
}

/** The profile photo, or the initials on an accent circle when there is none or it fails to load. */
export function UserAvatar({ name, photo, className = 'h-8 w-8 text-xs' }: UserAvatarProps) {
  const [failedPhoto, setFailedPhoto] = useState<string | null>(null);
  if (photo && photo !== failedPhoto) {
    return (
      <img
        src={photo}
        alt=""
        referrerPolicy="no-referrer"
        onError={() => setFailedPhoto(photo)}
        className={`shrink-0 rounded-full object-cover ${className}`}
      />
    );
  }
  return (
    <span
      aria-hidden
      className={`inline-flex shrink-0 items-center justify-center rounded-full bg-accent font-semibold text-white ${className}`}
    >
      {initialsOf(name)}
    </span>
  );
}
