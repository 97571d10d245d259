/** What the console's pages show of a resource, as the data layer reads it. */
export {
  CONSOLE_RESOURCE_KINDS,
  isConsoleKind,
  type ConsoleAttemptRow,
  type ConsoleDeliveryRow,
  type ConsoleKind,
  type ConsoleMatch,
  type RelatedResource,
} from '#libs/db';
