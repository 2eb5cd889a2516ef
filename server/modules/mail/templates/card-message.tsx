import { Text } from '@react-email/components';
import type { CSSProperties } from 'react';

/** A gift card's words in quotes, its own line breaks as <br>: Outlook on Windows ignores white-space. */
export function CardMessage({ message, style }: { message: string; style: CSSProperties }) {
  return (
    <Text style={{ ...style, fontStyle: 'italic' }}>
      {message.split('\n').map((line, index, lines) => (
        <span key={index}>
          {index === 0 ? '“' : ''}
          {line}
          {index === lines.length - 1 ? '”' : <br />}
        </span>
      ))}
    </Text>
  );
}
