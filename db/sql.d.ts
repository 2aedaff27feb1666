// SQL migration files are imported as text (see db/migrations/bundle.ts).
declare module '*.sql' {
  const sql: string
  export default sql
}
