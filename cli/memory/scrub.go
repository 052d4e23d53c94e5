package memory

import (
	"encoding/json"
	"fmt"

	"github.com/toolbench/toolbench/history"
	"github.com/toolbench/toolbench/target/secrets"
)

// AppendScrubbed writes r to the log with every secret of the run
// replaced by its $NAME: the whole encoded line, so a server echoing a
// secret in its result, however it spells it, cannot get it written. A
// call and the workbench record their calls through it alike.
func AppendScrubbed(store *history.Store, set *secrets.Set, r history.Record) error {
	line, err := history.EncodeRecord(r)
	if err != nil {
		return err
	}
	clean, ok := set.ScrubJSON(line)
	if !ok {
		// A secret outside a string (inside a number) cannot become
		// "$NAME" there: the call is still recorded, without what held
		// it.
		r.Arguments, r.Result, r.Output = json.RawMessage(`{}`), nil, nil
		r.Error = "arguments and result not kept: a secret value in them is not inside a JSON string, so it cannot be written as $NAME"
		if line, err = history.EncodeRecord(r); err != nil {
			return err
		}
		if clean, ok = set.ScrubJSON(line); !ok {
			return fmt.Errorf("the call record: %w", ErrSecretOutsideString)
		}
	}
	return store.Log.AppendLine(clean)
}
