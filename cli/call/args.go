package call

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/toolbench/toolbench/cli/usage"
	"github.com/toolbench/toolbench/schemaform"
)

// readArgs returns the --args or --args-file object, checked to be a JSON
// object, before anything is started.
func (o *CallOptions) readArgs() ([]byte, error) {
	switch {
	case o.args != "" && o.argsFile != "":
		return nil, usage.Errorf("--args and --args-file both given; use one")
	case o.args != "":
		return checkObject("--args", []byte(o.args))
	case o.argsFile != "":
		data, err := readAtMost(o.argsFile, o.IO.In, maxArgsFile)
		if err != nil {
			return nil, usage.Errorf("--args-file: %v", err)
		}
		return checkObject("--args-file "+o.argsFile, data)
	}
	return nil, nil
}

// maxArgsFile is the most --args-file reads: arguments are sent in one
// frame, and a file larger than this is a mistake (a log, a dump), not
// arguments; reading it whole first would cost its size in memory.
const maxArgsFile = 16 << 20

// readAtMost reads path, or stdin for "-", failing once it passes limit
// bytes without reading further.
func readAtMost(path string, stdin io.Reader, limit int64) ([]byte, error) {
	r := stdin
	if path != "-" {
		f, err := os.Open(path)
		if err != nil {
			return nil, err
		}
		defer f.Close()
		r = f
	}
	data, err := io.ReadAll(io.LimitReader(r, limit+1))
	if err != nil {
		return nil, err
	}
	if int64(len(data)) > limit {
		return nil, fmt.Errorf("%s is larger than %d MiB, the most toolbench reads as arguments", path, limit>>20)
	}
	return data, nil
}

// checkObject requires data to be exactly one JSON object, pointing at the
// byte where it goes wrong.
func checkObject(source string, data []byte) ([]byte, error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	var v any
	err := dec.Decode(&v)
	var syn *json.SyntaxError
	switch {
	case errors.As(err, &syn):
		return nil, usage.Errorf("%s is not valid JSON: %v at byte %d: %s", source, syn, syn.Offset, excerptAt(data, syn.Offset))
	case err == io.EOF:
		return nil, usage.Errorf("%s is empty; give a JSON object such as '{\"key\": \"value\"}'", source)
	case err != nil:
		return nil, usage.Errorf("%s is not valid JSON: %v", source, err)
	}
	if _, ok := v.(map[string]any); !ok {
		return nil, usage.Errorf("%s must be a JSON object of arguments, not %s", source, jsonKind(v))
	}
	if dec.More() {
		return nil, usage.Errorf("%s has data after the JSON object, at byte %d", source, dec.InputOffset())
	}
	return bytes.TrimSpace(data), nil
}

// excerptAt shows the text around a byte offset with a marker at it.
func excerptAt(data []byte, off int64) string {
	i := int(min(off, int64(len(data))))
	from, to := max(0, i-20), min(len(data), i+20)
	return fmt.Sprintf("%q", string(data[from:i])+"⟨here⟩"+string(data[i:to]))
}

func jsonKind(v any) string {
	switch v.(type) {
	case nil:
		return "null"
	case []any:
		return "an array"
	case string:
		return "a string"
	case bool:
		return "a boolean"
	case float64:
		return "a number"
	}
	return "that"
}

// mergeArgs applies --arg pairs on top of the base object, each value typed
// by the property's schema, keeping the base's key order.
func mergeArgs(base []byte, pairs []string, schema json.RawMessage) ([]byte, error) {
	if len(pairs) == 0 {
		if base == nil {
			return []byte("{}"), nil
		}
		return base, nil
	}
	var keys []string
	values := map[string]json.RawMessage{}
	if base != nil {
		keys, _ = schemaform.ObjectKeys(base)
		_ = json.Unmarshal(base, &values)
	}
	for _, p := range pairs {
		k, text, ok := strings.Cut(p, "=")
		if !ok || k == "" {
			return nil, usage.Errorf("--arg %q: want key=value", p)
		}
		v, err := schemaform.CoerceArg(schema, k, text)
		if err != nil {
			return nil, usage.Errorf("--arg %s: %v", p, err)
		}
		if _, seen := values[k]; !seen {
			keys = append(keys, k)
		}
		values[k] = v
	}
	var b bytes.Buffer
	b.WriteByte('{')
	for i, k := range keys {
		if i > 0 {
			b.WriteByte(',')
		}
		name, _ := json.Marshal(k)
		b.Write(name)
		b.WriteByte(':')
		b.Write(values[k])
	}
	b.WriteByte('}')
	return b.Bytes(), nil
}
