package history

import (
	"bytes"
	"encoding/json"
	"fmt"
)

// EncodeRecord is r as one line of the log, without the newline; a zero V
// is set to RecordVersion. The result, which may be megabytes, is spliced
// in as it is when it is already on one line instead of being re-scanned
// by the encoder: it came from a JSON decoder, so it is valid JSON. One
// that is not would only make its own line unreadable, skipped on read.
func EncodeRecord(r Record) ([]byte, error) {
	if r.V == 0 {
		r.V = RecordVersion
	}
	result := r.Result
	r.Result = nil
	head, err := json.Marshal(r)
	if err != nil {
		return nil, fmt.Errorf("history: encode record: %w", err)
	}
	result = bytes.TrimSpace(result)
	if len(result) == 0 {
		return head, nil
	}
	if bytes.IndexByte(result, '\n') >= 0 || bytes.IndexByte(result, '\r') >= 0 {
		var buf bytes.Buffer
		if err := json.Compact(&buf, result); err != nil {
			return nil, fmt.Errorf("history: encode record: the result is not JSON: %w", err)
		}
		result = buf.Bytes()
	}
	line := make([]byte, 0, len(head)+len(result)+len(`,"result":`))
	line = append(line, head[:len(head)-1]...)
	line = append(line, `,"result":`...)
	line = append(line, result...)
	return append(line, '}'), nil
}
