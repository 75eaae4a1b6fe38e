// Package examples holds emitters of searchviz traces for engines written
// in other languages, each one file with no dependencies beyond its
// language's standard library, and small engines that use them: Python 3
// in python/, C++17 in cpp/. Its tests run them and check their traces
// against the format and against searchviz's own engines.
package examples
