import { Body, Button, Container, Head, Heading, Hr, Html, Link, Preview, Section, Text } from '@react-email/components';
import type { CSSProperties, ReactNode } from 'react';

/**
 * The shop's e-mail frame: deep purple on near-black with gold, the colours set on every block (not only the
 * body) so clients that force a light page still show light text on the dark panel, and one column at most
 * 600 px wide that shrinks to a 320 px screen.
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

export function EmailLayout(props: { preview: string; heading: string; shopUrl: string; children: ReactNode; footer?: ReactNode }) {
  return (
    <Html lang="en">
      <Head>
        <meta name="color-scheme" content="dark light" />
        <meta name="supported-color-schemes" content="dark light" />
      </Head>
      <Preview>{props.preview}</Preview>
      <Body style={{ backgroundColor: colours.void, margin: 0, padding: '24px 0' }}>
        <Container style={{ backgroundColor: colours.night, border: `1px solid ${colours.shadow}`, borderRadius: '12px', maxWidth: '600px', width: '100%' }}>
          <Section style={{ backgroundColor: colours.crypt, borderBottom: `2px solid ${colours.gold}`, borderRadius: '12px 12px 0 0', padding: '20px 24px', textAlign: 'center' }}>
            <Link href={props.shopUrl} style={{ color: colours.gold, fontFamily, fontSize: '22px', letterSpacing: '3px', textDecoration: 'none' }}>
              DEOSIL PERFUMES
            </Link>
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
              Deosil Perfumes · 14 Moonlight Lane, Indiranagar, Bengaluru 560038 · <Link href={props.shopUrl} style={{ color: colours.gold }}>{props.shopUrl.replace(/^https?:\/\//, '')}</Link>
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

export function ActionButton(props: { href: string; children: ReactNode }) {
  return (
    <Section style={{ margin: '8px 0 24px', textAlign: 'center' }}>
      <Button
        href={props.href}
        style={{ backgroundColor: colours.gold, borderRadius: '8px', color: colours.void, fontFamily: sansFamily, fontSize: '15px', fontWeight: 'bold', padding: '12px 24px' }}
      >
        {props.children}
      </Button>
    </Section>
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
