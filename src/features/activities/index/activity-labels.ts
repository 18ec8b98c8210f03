// The activity screens' names for the app's one set of formats (src/ui/formats.ts).
export { formatCount, formatDateTime as formatLocalTime, formatDay } from '@/ui/formats';
