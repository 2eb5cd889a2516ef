import { Body, Container, Head, Heading, Hr, Html, Section, Text } from '@react-email/components';
import type { CSSProperties, ReactNode } from 'react';

/**
 * The shop's e-mail frame: deep purple on near-black with gold, the colours set on every block (not only the
 * body) so clients that force a light page still show light text on the dark panel, and one column at most
 * 600 px wide that shrinks to a 320 px screen.
 *
 * It uses only what Gmail and Outlook keep (`email-clients.test.ts` checks every template with doiuse-email):
 * no `target` on links, no `display:none`, `opacity` or `overflow`. What they drop is there only where losing it
 * is harmless: rounded corners turn square in Outlook on Windows, and that test lists each such case.
 */
export const colours = {
  void: '#07040c',
  night: '#0f0818',
  crypt: '#1a1026',
  shadow: '#2a1a3d',
  mist: '#e9e1f5',
  ash: '#b3a6c6',
  gold: '#d9b45a',
  goldBright: '#f3d88a',
  ember: '#f0a35e',
} as const;

const fontFamily = "Georgia, 'Times New Roman', serif";
const sansFamily = "-apple-system, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif";

export const textStyle: CSSProperties = { color: colours.mist, fontFamily: sansFamily, fontSize: '15px', lineHeight: '24px', margin: '0 0 16px' };
export const mutedStyle: CSSProperties = { ...textStyle, color: colours.ash, fontSize: '13px', lineHeight: '20px' };

/** Fills the inbox's preview line after the preheader, so the client does not pull in the heading and body text. */
const PREHEADER_FILL = '\u00a0\u200c'.repeat(60);

/**
 * The line an inbox shows after the subject. Hidden without `display:none`, `opacity` or `overflow`, which Gmail's
 * mobile web client and Outlook drop: the text is 1 px high in the page's own colour, and Outlook on Windows,
 * which ignores `max-height`, hides it with its own `mso-hide`. A client that keeps none of that shows a thin dark
 * line at the top, never readable text.
 */
function Preheader({ text }: { text: string }) {
  return (
    <div data-skip-in-text="true" style={{ color: colours.void, fontSize: '1px', lineHeight: '1px', maxHeight: 0, maxWidth: 0, msoHide: 'all' } as CSSProperties}>
      {text}
      {PREHEADER_FILL}
    </div>
  );
}

/** A link as every client keeps it: no `target` (Gmail and Outlook for Mac drop it; mail clients open links outside anyway). */
export function MailLink(props: { href: string; style?: CSSProperties; children: ReactNode }) {
  return (
    <a href={props.href} style={{ color: colours.gold, ...props.style }}>
      {props.children}
    </a>
  );
}

export function EmailLayout(props: { preview: string; heading: string; shopUrl: string; children: ReactNode; footer?: ReactNode }) {
  return (
    <Html lang="en">
      <Head>
        <meta name="color-scheme" content="dark light" />
        <meta name="supported-color-schemes" content="dark light" />
      </Head>
      <Body style={{ backgroundColor: colours.void, margin: 0, padding: '24px 0' }}>
        <Preheader text={props.preview} />
        <Container style={{ backgroundColor: colours.night, border: `1px solid ${colours.shadow}`, borderRadius: '12px', maxWidth: '600px', width: '100%' }}>
          <Section style={{ backgroundColor: colours.crypt, borderBottom: `2px solid ${colours.gold}`, borderRadius: '12px 12px 0 0', padding: '20px 24px', textAlign: 'center' }}>
            <MailLink href={props.shopUrl} style={{ fontFamily, fontSize: '22px', letterSpacing: '3px', textDecoration: 'none' }}>
              DEOSIL PERFUMES
            </MailLink>
          </Section>
          <Section style={{ backgroundColor: colours.night, padding: '24px' }}>
            <Heading as="h1" style={{ color: colours.goldBright, fontFamily, fontSize: '24px', fontWeight: 'normal', lineHeight: '32px', margin: '0 0 16px' }}>
              {props.heading}
            </Heading>
            {props.children}
          </Section>
          <Hr style={{ borderColor: colours.shadow, margin: 0 }} />
          <Section style={{ backgroundColor: colours.night, borderRadius: '0 0 12px 12px', padding: '16px 24px' }}>
            {props.footer}
            <Text style={{ ...mutedStyle, margin: 0 }}>
              Deosil Perfumes · 14 Moonlight Lane, Indiranagar, Bengaluru 560038 · <MailLink href={props.shopUrl}>{props.shopUrl.replace(/^https?:\/\//, '')}</MailLink>
            </Text>
          </Section>
        </Container>
      </Body>
    </Html>
  );
}

export function Paragraph(props: { children: ReactNode }) {
  return <Text style={textStyle}>{props.children}</Text>;
}

/**
 * The call to action as a table cell filled with gold (a "bulletproof" button): the cell carries the colour and
 * the padding, which every client draws, Outlook on Windows included; its corners are square there.
 */
export function ActionButton(props: { href: string; children: ReactNode }) {
  return (
    <table role="presentation" align="center" cellPadding={0} cellSpacing={0} style={{ margin: '8px auto 24px' }}>
      <tbody>
        <tr>
          <td style={{ backgroundColor: colours.gold, borderRadius: '8px', padding: '12px 24px', textAlign: 'center' }}>
            <MailLink href={props.href} style={{ color: colours.void, fontFamily: sansFamily, fontSize: '15px', fontWeight: 'bold', textDecoration: 'none' }}>
              {props.children}
            </MailLink>
          </td>
        </tr>
      </tbody>
    </table>
  );
}

/** Label and value rows (order number, carrier, totals), as a table so every client keeps the columns. */
export function DetailRows(props: { rows: readonly (readonly [string, ReactNode])[]; strongLast?: boolean }) {
  return (
    <table role="presentation" width="100%" cellPadding={0} cellSpacing={0} style={{ borderCollapse: 'collapse', margin: '0 0 16px' }}>
      <tbody>
        {props.rows.map(([label, value], index) => {
          const strong = props.strongLast && index === props.rows.length - 1;
          const cell: CSSProperties = {
            borderTop: strong ? `1px solid ${colours.gold}` : undefined,
            color: strong ? colours.goldBright : colours.mist,
            fontFamily: sansFamily,
            fontSize: strong ? '16px' : '14px',
            fontWeight: strong ? 'bold' : 'normal',
            padding: '6px 0',
          };
          return (
            <tr key={label}>
              <td style={{ ...cell, color: strong ? cell.color : colours.ash }}>{label}</td>
              <td style={{ ...cell, textAlign: 'right' }}>{value}</td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
