import { data, Link } from 'react-router';

/** An unknown back-office address answers 404 but stays inside the portal, with its navigation around it. */
export function loader() {
  return data(null, { status: 404 });
}

export default function AdminNotFound() {
  return (
    <section className="panel mx-auto max-w-lg p-8 text-center">
      <h1 className="text-xl text-gold-bright">No such chamber</h1>
      <p className="mt-2 text-ash">This part of the back office does not exist.</p>
      <Link to="/admin/dashboard" className="btn-gold mt-6 inline-block">
        Back to the dashboard
      </Link>
    </section>
  );
}
