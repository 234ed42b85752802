/** A half-open interval of instants, [start, end): an admin range read by several repositories. */
export interface Instants {
  start: Date;
  end: Date;
}
