package schemaform

// JSONKind is the type of a JSON value.
type JSONKind uint8

// The JSON types, as JSONValue.Kind reports them.
const (
	JSONNull JSONKind = JSONKind(jNull)
	JSONBool JSONKind = JSONKind(jBool)
	JSONNum  JSONKind = JSONKind(jNum)
	JSONStr  JSONKind = JSONKind(jStr)
	JSONArr  JSONKind = JSONKind(jArr)
	JSONObj  JSONKind = JSONKind(jObj)
)

// JSONValue is a parsed JSON document read the way schemaform reads
// schemas: object keys in document order, numbers as their exact text,
// every value's own bytes and JSON pointer. Other judges of schemas (lint,
// provider views) read through it rather than parsing JSON again their
// own way. The zero JSONValue is absent.
type JSONValue struct{ v *jv }

// ParseJSONValue parses data; a syntax error is a *SyntaxError with the
// byte offset.
func ParseJSONValue(data []byte) (JSONValue, error) {
	v, err := parseJSON(data)
	if err != nil {
		return JSONValue{}, err
	}
	return JSONValue{v}, nil
}

// Present reports whether the value exists.
func (x JSONValue) Present() bool { return x.v != nil }

// Kind returns the value's JSON type.
func (x JSONValue) Kind() JSONKind { return JSONKind(x.v.kind) }

// Bool returns a boolean's value.
func (x JSONValue) Bool() bool { return x.v.b }

// Text returns a string's value or a number's literal text.
func (x JSONValue) Text() string {
	if x.v.kind == jNum {
		return x.v.num
	}
	return x.v.str
}

// Keys returns an object's keys in document order, duplicates included.
func (x JSONValue) Keys() []string { return x.v.keys }

// Len is the number of an object's members or an array's items.
func (x JSONValue) Len() int {
	if x.v.kind == jArr {
		return len(x.v.arr)
	}
	return len(x.v.vals)
}

// At returns an object's i-th member value or an array's i-th item.
func (x JSONValue) At(i int) JSONValue {
	if x.v.kind == jArr {
		return JSONValue{x.v.arr[i]}
	}
	return JSONValue{x.v.vals[i]}
}

// Raw returns the value's own bytes as written.
func (x JSONValue) Raw() []byte { return x.v.raw }

// Pointer returns the value's JSON pointer in its document.
func (x JSONValue) Pointer() string { return x.v.pointer() }
