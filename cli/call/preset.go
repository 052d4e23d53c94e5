package call

import (
	"bytes"
	"encoding/json"
	"fmt"

	"github.com/toolbench/toolbench/cli/memory"
	"github.com/toolbench/toolbench/cli/reach"
	"github.com/toolbench/toolbench/history"
	"github.com/toolbench/toolbench/schemaform"
)

// base is the object the call's arguments start from: the --preset's
// arguments, with the --args or --args-file object's keys on top.
func (m *callMemory) base(srv reach.Server, tool string, given []byte) ([]byte, error) {
	if m.Preset == "" {
		return given, nil
	}
	store, err := m.Store()
	if err != nil {
		return nil, fmt.Errorf("--preset %s: %w", m.Preset, err)
	}
	key := history.ServerOf(srv.Target).Key
	p, ok, err := store.Presets.Get(key, tool, m.Preset)
	if err != nil {
		return nil, fmt.Errorf("--preset %s: %w", m.Preset, err)
	}
	if !ok {
		return nil, memory.UnknownPreset(store, key, tool, fmt.Sprintf("--preset %q", m.Preset))
	}
	args := srv.Secrets.Fill(p.Arguments)
	if given == nil {
		return args, nil
	}
	return overlay(args, given)
}

// overlay is the object under with the keys of over set on top, in
// under's order and then over's new keys.
func overlay(under, over []byte) ([]byte, error) {
	keys, err := schemaform.ObjectKeys(under)
	if err != nil {
		return nil, fmt.Errorf("preset arguments: %w", err)
	}
	overKeys, err := schemaform.ObjectKeys(over)
	if err != nil {
		return nil, fmt.Errorf("arguments: %w", err)
	}
	values := map[string]json.RawMessage{}
	if err := json.Unmarshal(under, &values); err != nil {
		return nil, fmt.Errorf("preset arguments: %w", err)
	}
	if err := json.Unmarshal(over, &values); err != nil {
		return nil, fmt.Errorf("arguments: %w", err)
	}
	seen := map[string]bool{}
	var b bytes.Buffer
	b.WriteByte('{')
	for _, k := range append(keys, overKeys...) {
		if seen[k] {
			continue
		}
		if len(seen) > 0 {
			b.WriteByte(',')
		}
		seen[k] = true
		name, _ := json.Marshal(k)
		b.Write(name)
		b.WriteByte(':')
		b.Write(values[k])
	}
	b.WriteByte('}')
	return b.Bytes(), nil
}
