/** Thrown when the method chosen would visit more candidate pairs than `maxWork` (nothing was tested). */
export class PairsWorkError extends RangeError {
  constructor(
    readonly work: number,
    readonly maxWork: number,
  ) {
    super(`all-pairs: ${work} candidate pairs to test, over the budget of ${maxWork}`);
    this.name = "PairsWorkError";
  }
}
