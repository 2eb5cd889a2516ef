import type { ReactNode } from 'react';

interface Address {
  street: string;
  city: string;
  state: string;
  zipCode: string;
  country: string;
}

/** A shipping address as an Indian parcel label reads it; `name` goes on top, `children` below the country. */
export function PostalAddress({ address, name, className, children }: { address: Address; name?: string; className: string; children?: ReactNode }) {
  return (
    <address className={`not-italic ${className}`}>
      {name ? (
        <>
          {name}
          <br />
        </>
      ) : null}
      {address.street}
      <br />
      {address.city}, {address.state} {address.zipCode}
      <br />
      {address.country}
      {children}
    </address>
  );
}
