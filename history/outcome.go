package history

// How a call ended, in the one word the workbench's history screen and
// `toolbench history` both show.
const (
	OutcomeOK        = "ok"
	OutcomeIsError   = "isError"
	OutcomeInvalid   = "invalid"
	OutcomeFailed    = "failed"
	OutcomeCancelled = "cancelled"
)

// Outcome is how the call ended: cancelled by the person, failed without
// a result, a result with isError, one that breaks the outputSchema, or
// ok.
func (r Record) Outcome() string {
	switch {
	case r.Cancelled:
		return OutcomeCancelled
	case r.Error != "":
		return OutcomeFailed
	case r.IsError:
		return OutcomeIsError
	case r.Output != nil && !r.Output.Valid:
		return OutcomeInvalid
	}
	return OutcomeOK
}
