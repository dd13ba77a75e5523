import type { PositionFormValues } from '../position-form';

/** Sets one field of the position dialog. */
export type PositionFieldChange = <Field extends keyof PositionFormValues>(field: Field, value: PositionFormValues[Field]) => void;
