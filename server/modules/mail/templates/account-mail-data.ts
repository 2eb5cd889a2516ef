/** A moment as an Indian customer reads it: '23 Nov 2026, 9:41 pm IST'. */
export function istMoment(iso: string): string {
  const text = new Intl.DateTimeFormat('en-IN', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Asia/Kolkata' }).format(new Date(iso));
  return `${text} IST`;
}
