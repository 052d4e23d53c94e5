package widget

import "reflect"

// inputPackages are the packages whose messages belong to a text input
// or a form field: a cursor's blink, a huh field's focus.
var inputPackages = map[string]bool{
	"charm.land/bubbles/v2/cursor":    true,
	"charm.land/bubbles/v2/textinput": true,
	"charm.land/bubbles/v2/textarea":  true,
	"charm.land/huh/v2":               true,
}

// InputMsg reports whether msg is an input's own message, which a
// screen hands to its focused input: the root offers screens every
// message it does not know, so a screen claims only these and the
// replies it tagged itself.
func InputMsg(msg any) bool {
	t := reflect.TypeOf(msg)
	if t == nil {
		return false
	}
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	return inputPackages[t.PkgPath()]
}
