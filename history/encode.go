package history

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"unicode/utf8"
)

// EncodeRecord is r as one line of the log, without the newline; a zero V
// is set to RecordVersion. A result larger than MaxResultBytes is kept as
// a CallToolResult whose one text block is the first PreviewBytes of it
// (cut at a character boundary), with r.Cut its size and digest, so every
// reader still finds a result it can show. The result, which may be megabytes, is spliced
// in as it is when it is already on one line instead of being re-scanned
// by the encoder: it came from a JSON decoder, so it is valid JSON. One
// that is not would only make its own line unreadable, skipped on read.
func EncodeRecord(r Record) ([]byte, error) {
	if r.V == 0 {
		r.V = RecordVersion
	}
	result := r.Result
	if len(result) > MaxResultBytes {
		result, r.Cut = preview(result, r.IsError)
	}
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

// preview is the result kept in place of raw, and what was cut.
func preview(raw []byte, isError bool) ([]byte, *Cut) {
	sum := sha256.Sum256(raw)
	cut := &Cut{Bytes: len(raw), SHA256: hex.EncodeToString(sum[:])}
	head := raw[:PreviewBytes]
	// A character cut in two would be replaced by U+FFFD.
	for len(head) > 0 {
		if r, size := utf8.DecodeLastRune(head); r != utf8.RuneError || size > 1 {
			break
		}
		head = head[:len(head)-1]
	}
	text := fmt.Sprintf("%s\n… the result was %d bytes (sha256 %s); history keeps its first %d", head, cut.Bytes, cut.SHA256, len(head))
	b, err := json.Marshal(struct {
		Content []map[string]string `json:"content"`
		IsError bool                `json:"isError,omitempty"`
	}{[]map[string]string{{"type": "text", "text": text}}, isError})
	if err != nil {
		// A map of strings always encodes.
		return nil, cut
	}
	return b, cut
}
