// Package digest fingerprints the modules the handout's bundle is made
// from, so that a test can tell a stale bundle without running esbuild.
package digest

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io/fs"
)

// The bundle's second and third lines start with these, then list its
// inputs, separated by spaces, and give their digest.
const (
	InputsPrefix = "// inputs: "
	SumPrefix    = "// sha256: "
)

// Of returns the hex SHA-256 of the files named, read from fsys: each
// file's name, length and bytes, in the order given.
func Of(fsys fs.FS, names []string) (string, error) {
	h := sha256.New()
	for _, name := range names {
		data, err := fs.ReadFile(fsys, name)
		if err != nil {
			return "", fmt.Errorf("digest: %w", err)
		}
		fmt.Fprintf(h, "%s\x00%d\x00", name, len(data))
		h.Write(data)
	}
	return hex.EncodeToString(h.Sum(nil)), nil
}
