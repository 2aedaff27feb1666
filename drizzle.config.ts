// drizzle-kit configuration: migrations are generated from db/schema.ts into db/migrations (committed).
import { defineConfig } from 'drizzle-kit'

export default defineConfig({
  dialect: 'sqlite',
  schema: './db/schema.ts',
  out: './db/migrations',
})
