/**
 * A response body that is JSON text already (a page the database rendered): the edge sends it as
 * it is instead of serializing it again.
 */
export class JsonText {
  constructor(readonly text: string) {}
}
