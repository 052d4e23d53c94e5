package jsondoc

// Kind is the type of a JSON value.
type Kind uint8

// The JSON types.
const (
	Null Kind = iota
	Bool
	Number
	String
	Array
	Object
)

var kindNames = [...]string{"null", "boolean", "number", "string", "array", "object"}

// String names the kind as JSON Schema's "type" does, "number" for any
// number.
func (k Kind) String() string {
	if int(k) < len(kindNames) {
		return kindNames[k]
	}
	return "invalid"
}

// Value is one JSON value. Parsed values know where they sit in their
// document; values built in code (New...) sit nowhere until SetPointer or
// NewFrom places them. Methods that read are safe on a nil *Value where
// they say so, so that v.Get("a").Get("b") needs no checks between steps.
// A Value is not safe for concurrent use: Pointer caches what it builds.
type Value struct {
	kind Kind
	b    bool
	// text is a string's value or a number's literal.
	text string
	keys []string
	// vals holds an object's member values, in the order of keys, or an
	// array's items.
	vals []*Value
	// idx finds the member of a wide object by key; nil for narrow ones,
	// where a scan is faster than hashing.
	idx map[string]int
	// raw is the text the value was parsed from, or that of the value it
	// stands for (Shallow, NewFrom); nil for values built from scratch.
	raw []byte

	// ptr is the value's JSON pointer. Parsed values leave it to Pointer,
	// which builds it from parent and tok on first use: most pointers are
	// never needed, and building them all is costly.
	ptr    string
	parent *Value
	tok    string
}

// indexAbove is the width past which an object keeps an index of its keys.
const indexAbove = 16

// Kind returns the value's JSON type.
func (v *Value) Kind() Kind { return v.kind }

// IsObject reports whether v is an object; false for nil.
func (v *Value) IsObject() bool { return v != nil && v.kind == Object }

// IsArray reports whether v is an array; false for nil.
func (v *Value) IsArray() bool { return v != nil && v.kind == Array }

// IsString reports whether v is a string; false for nil.
func (v *Value) IsString() bool { return v != nil && v.kind == String }

// IsTrue reports whether v is the boolean true; false for nil.
func (v *Value) IsTrue() bool { return v != nil && v.kind == Bool && v.b }

// IsFalse reports whether v is the boolean false; false for nil.
func (v *Value) IsFalse() bool { return v != nil && v.kind == Bool && !v.b }

// Text returns a string's value or a number's literal text, and "" for
// other kinds and for nil.
func (v *Value) Text() string {
	if v == nil {
		return ""
	}
	return v.text
}

// Keys returns an object's keys in document order, duplicates included;
// nil for anything else. The slice is the value's own: do not change it.
func (v *Value) Keys() []string {
	if !v.IsObject() {
		return nil
	}
	return v.keys
}

// Values returns an object's member values in the order of Keys; nil for
// anything else. The slice is the value's own: do not change it.
func (v *Value) Values() []*Value {
	if !v.IsObject() {
		return nil
	}
	return v.vals
}

// Items returns an array's items; nil for anything else. The slice is the
// value's own: do not change it.
func (v *Value) Items() []*Value {
	if !v.IsArray() {
		return nil
	}
	return v.vals
}

// Children returns an object's member values or an array's items; nil
// for anything else. The slice is the value's own: do not change it.
func (v *Value) Children() []*Value {
	if v == nil {
		return nil
	}
	return v.vals
}

// Len is the number of an object's members or an array's items; 0 for
// anything else and for nil.
func (v *Value) Len() int {
	if v == nil {
		return 0
	}
	return len(v.vals)
}

// Get returns member key of an object, or nil (also for nil and for
// anything that is not an object). With duplicate keys the last wins, as
// encoding/json and the validator decide.
func (v *Value) Get(key string) *Value {
	if i := v.index(key); i >= 0 {
		return v.vals[i]
	}
	return nil
}

// Has reports whether an object has member key.
func (v *Value) Has(key string) bool { return v.index(key) >= 0 }

// GetString returns member key when it is a string.
func (v *Value) GetString(key string) (string, bool) {
	m := v.Get(key)
	if !m.IsString() {
		return "", false
	}
	return m.text, true
}

// index is the position of the last member named key, or -1.
func (v *Value) index(key string) int {
	if !v.IsObject() {
		return -1
	}
	if v.idx != nil {
		if i, ok := v.idx[key]; ok {
			return i
		}
		return -1
	}
	for i := len(v.keys) - 1; i >= 0; i-- {
		if v.keys[i] == key {
			return i
		}
	}
	return -1
}

// Token is the key or array index under which v sits in its parent, as
// written (unescaped); "" for a root and for values built in code.
func (v *Value) Token() string { return v.tok }

// Pointer returns the value's JSON pointer in its document ("" for the
// root of a document parsed with Parse; the base given to ParseAt is
// prefixed).
func (v *Value) Pointer() string {
	if v.ptr == "" && v.parent != nil {
		v.ptr = v.parent.Pointer() + "/" + EscapeToken(v.tok)
	}
	return v.ptr
}

// SetPointer places v at ptr: Pointer returns ptr from now on.
func (v *Value) SetPointer(ptr string) {
	v.ptr, v.parent = ptr, nil
}

// Raw returns the text v was parsed from, whitespace and escapes as
// written. A value made by Shallow or NewFrom keeps the text of the value
// it stands for, even after edits (a schema merged from a written one
// shows where it came from); a value built from scratch has no text, and
// Raw marshals it.
func (v *Value) Raw() []byte {
	if v.raw == nil {
		return v.Marshal()
	}
	return v.raw
}
