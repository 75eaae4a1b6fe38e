package wsconn

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
)

// Decode reads a page's message into v, strictly: one JSON object, with
// no field v does not have. Its error, for the page, starts "bad
// message:" and says what is wrong; the caller then checks the type and
// the values, and names what is allowed.
func Decode(data []byte, v any) error {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return fmt.Errorf("bad message: %w", err)
	}
	if dec.More() {
		return errors.New("bad message: one JSON object per message")
	}
	return nil
}
