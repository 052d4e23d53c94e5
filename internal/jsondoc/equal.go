package jsondoc

import (
	"encoding/json"
	"reflect"
)

// Equal reports whether two JSON texts hold the same value: key order and
// spacing aside, and numbers compared as numbers (1 and 1.0 are equal).
// A text that is not JSON equals nothing, itself included.
func Equal(a, b []byte) bool {
	var x, y any
	if json.Unmarshal(a, &x) != nil || json.Unmarshal(b, &y) != nil {
		return false
	}
	return reflect.DeepEqual(x, y)
}
