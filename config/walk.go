package config

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
)

// definition is one server entry as a file writes it: its name, the raw
// entry, and where both are, so problems can be placed at a line.
type definition struct {
	name    string
	section string
	raw     json.RawMessage
	nameAt  int64
	valueAt int64
}

// walker reads a file's top-level object token by token, so that it sees
// what encoding/json would hide: a name given twice (the decoder keeps
// the last) and where each entry is. The server maps ("mcpServers",
// "servers", "mcp"."servers") share one namespace: a name under two of
// them is defined twice.
type walker struct {
	dec  *json.Decoder
	data []byte
	defs []definition
	// seen maps a name to its first definition.
	seen map[string]definition
}

// definitions returns the server entries of the JSONC-stripped text data,
// in file order. A file of nothing but white space defines no servers.
func definitions(data []byte) ([]definition, error) {
	if len(bytes.TrimSpace(data)) == 0 {
		return nil, nil
	}
	if err := checkSyntax(data); err != nil {
		return nil, err
	}
	w := &walker{dec: json.NewDecoder(bytes.NewReader(data)), data: data, seen: map[string]definition{}}
	if err := w.object("the file", w.topLevel); err != nil {
		return nil, err
	}
	return w.defs, nil
}

// topLevel reads one member of the file's object.
func (w *walker) topLevel(key string, _ int64) error {
	switch key {
	case "mcpServers", "servers":
		return w.object(fmt.Sprintf("%q", key), w.servers(key))
	case "mcp":
		return w.object(`"mcp"`, func(key string, _ int64) error {
			if key == "servers" {
				return w.object(`"mcp"."servers"`, w.servers("mcp.servers"))
			}
			return w.skip()
		})
	}
	return w.skip()
}

// servers returns the reader of one member of a server map.
func (w *walker) servers(section string) func(string, int64) error {
	return func(name string, nameAt int64) error {
		valueAt := w.next()
		var raw json.RawMessage
		if err := w.dec.Decode(&raw); err != nil {
			return err
		}
		d := definition{name: name, section: section, raw: raw, nameAt: nameAt, valueAt: valueAt}
		if key, at, first, dup := dupKey(raw); dup {
			line, _ := lineColumn(w.data, valueAt+first)
			return atOffset(valueAt+at, "server %q: %q is given twice (first at line %d); keep one", name, key, line)
		}
		if first, dup := w.seen[name]; dup {
			line, _ := lineColumn(w.data, first.nameAt)
			if first.section != section {
				return atOffset(nameAt, "server %q is defined under both %q (line %d) and %q; keep one", name, first.section, line, section)
			}
			return atOffset(nameAt, "server %q is defined twice (first at line %d); keep one", name, line)
		}
		w.seen[name] = d
		w.defs = append(w.defs, d)
		return nil
	}
}

// object reads a JSON object, calling member with each key and its
// offset; the decoder is then at the member's value, which member must
// read. A null counts as an empty object.
func (w *walker) object(what string, member func(key string, at int64) error) error {
	at := w.next()
	tok, err := w.dec.Token()
	if err != nil {
		return err
	}
	if tok == nil {
		return nil
	}
	if tok != json.Delim('{') {
		return atOffset(at, "%s must be a JSON object, not %s", what, describe(tok))
	}
	for w.dec.More() {
		keyAt := w.next()
		tok, err := w.dec.Token()
		if err != nil {
			return err
		}
		if err := member(tok.(string), keyAt); err != nil {
			return err
		}
	}
	_, err = w.dec.Token() // the closing brace
	return err
}

// skip reads a value nobody needs.
func (w *walker) skip() error {
	var discard json.RawMessage
	return w.dec.Decode(&discard)
}

// next is the offset of the next token: past white space and the colon
// or comma the decoder reads before it.
func (w *walker) next() int64 { return skipSeparators(w.data, w.dec.InputOffset()) }

// skipSeparators returns the offset of the first byte at or after off
// that is not white space, a colon or a comma.
func skipSeparators(data []byte, off int64) int64 {
	for off < int64(len(data)) {
		switch data[off] {
		case ' ', '\t', '\r', '\n', ':', ',':
			off++
			continue
		}
		break
	}
	return off
}

// memberAt returns the offset in the JSON object raw of the value of its
// member key, or -1 when it has none.
func memberAt(raw []byte, key string) int64 {
	dec := json.NewDecoder(bytes.NewReader(raw))
	if tok, err := dec.Token(); err != nil || tok != json.Delim('{') {
		return -1
	}
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			return -1
		}
		if tok == key {
			return skipSeparators(raw, dec.InputOffset())
		}
		var value json.RawMessage
		if dec.Decode(&value) != nil {
			return -1
		}
	}
	return -1
}

// checkSyntax places the first syntax error of data at the byte it names.
// A decoder counts the offsets of the errors of later reads in ways that
// depend on how it was reading (token or value); the first value read by
// a new decoder counts from the start of the text, past the bad byte. The
// walk that follows then meets no syntax error.
func checkSyntax(data []byte) error {
	dec := json.NewDecoder(bytes.NewReader(data))
	var whole json.RawMessage
	err := dec.Decode(&whole)
	var se *json.SyntaxError
	switch {
	case errors.Is(err, io.ErrUnexpectedEOF):
		return atOffset(int64(len(data)), "not valid JSON: the text ends before the JSON object does")
	case errors.As(err, &se):
		return atOffset(max(se.Offset-1, 0), "not valid JSON: %v", se)
	case err != nil:
		return err
	}
	rest := dec.InputOffset()
	for ; rest < int64(len(data)); rest++ {
		if c := data[rest]; c != ' ' && c != '\t' && c != '\r' && c != '\n' {
			return atOffset(rest, "not valid JSON: text after the file's JSON object")
		}
	}
	return nil
}

// describe names a JSON token for messages.
func describe(tok json.Token) string {
	switch v := tok.(type) {
	case json.Delim:
		switch v {
		case '[':
			return "an array"
		case '{':
			return "an object"
		}
		return fmt.Sprintf("%q", string(v))
	case string:
		return "a string"
	case float64, json.Number:
		return "a number"
	case bool:
		return "a boolean"
	case nil:
		return "null"
	}
	return "a value"
}
