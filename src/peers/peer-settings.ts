/** Another region's probe, whose observations vote on global components. */
export interface PeerSettings {
  readonly region: string;
  /** Its `/api/v1/observations`. */
  readonly url: string;
}
