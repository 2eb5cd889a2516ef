/** Admin sections whose screens are not built yet stay inside the portal instead of falling out to a 404. */
export default function AdminPending() {
  return (
    <section className="panel mx-auto max-w-lg p-8 text-center">
      <h1 className="text-xl text-gold-bright">This chamber is still being prepared</h1>
      <p className="mt-2 text-ash">This part of the back office is not open yet.</p>
    </section>
  );
}
