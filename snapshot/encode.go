package snapshot

import (
	"bytes"
	"encoding/json"
	"fmt"

	"github.com/toolbench/toolbench/internal/jsondoc"
)

// Encode is the snapshot as its file holds it: indented JSON whose
// fields come in a fixed order, each item of a section (a tool object, a
// resource...) on its own line with its bytes exactly as sent, so that
// re-encoding a parsed snapshot gives the same file.
func (s *Snapshot) Encode() ([]byte, error) {
	var b bytes.Buffer
	fmt.Fprintf(&b, "{\n  \"toolbenchSnapshot\": %d,\n", Format)
	taken, err := json.Marshal(s.Taken.UTC())
	if err != nil {
		return nil, fmt.Errorf("encode snapshot time: %w", err)
	}
	server, err := json.Marshal(s.Server)
	if err != nil {
		return nil, fmt.Errorf("encode server info: %w", err)
	}
	fmt.Fprintf(&b, "  \"taken\": %s,\n  \"server\": %s,\n", taken, server)
	if s.ProtocolVersion != "" {
		pv, _ := json.Marshal(s.ProtocolVersion) // a string always encodes
		fmt.Fprintf(&b, "  \"protocolVersion\": %s,\n", pv)
	}
	tools := s.Tools
	if len(tools) == 0 {
		tools = json.RawMessage("[]")
	}
	if err := writeSection(&b, "tools", tools); err != nil {
		return nil, err
	}
	for _, sec := range []struct {
		name string
		raw  json.RawMessage
	}{{"resources", s.Resources}, {"resourceTemplates", s.ResourceTemplates}, {"prompts", s.Prompts}} {
		if sec.raw == nil {
			continue
		}
		b.WriteString(",\n")
		if err := writeSection(&b, sec.name, sec.raw); err != nil {
			return nil, err
		}
	}
	b.WriteString("\n}\n")
	return b.Bytes(), nil
}

// writeSection writes `"name": [` and the array's items, one a line, as
// written.
func writeSection(b *bytes.Buffer, name string, raw json.RawMessage) error {
	arr, err := jsondoc.Parse(raw)
	if err != nil {
		return fmt.Errorf("encode %s: %w", name, err)
	}
	if !arr.IsArray() {
		return fmt.Errorf("encode %s: a JSON %s, not an array", name, arr.Kind())
	}
	fmt.Fprintf(b, "  %q: [", name)
	for i, item := range arr.Items() {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString("\n    ")
		b.Write(item.Raw())
	}
	if arr.Len() > 0 {
		b.WriteString("\n  ")
	}
	b.WriteByte(']')
	return nil
}
