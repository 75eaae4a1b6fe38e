package tracestore

import (
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"regexp"
)

// idPattern is the form of every trace id: the only names the store opens,
// so no URL can reach outside its directory.
var idPattern = regexp.MustCompile(`^[0-9a-f]{12}$`)

// ValidID reports whether id has the form of a trace id.
func ValidID(id string) bool { return idPattern.MatchString(id) }

// ContentID returns the id of an uploaded file: the start of its SHA-256,
// so that the same file uploaded twice is stored once.
func ContentID(data []byte) string {
	sum := sha256.Sum256(data)
	return hex.EncodeToString(sum[:6])
}

// NewID returns a fresh random trace id.
func NewID() string {
	var b [6]byte
	rand.Read(b[:]) // crypto/rand.Read never fails
	return hex.EncodeToString(b[:])
}
