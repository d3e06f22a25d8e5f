package main

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"

	dynval "github.com/libdynval/dynval-go"
)

// store is the provider's "remote API": a directory holding each thing as
// ID.json, the JSON its schema encodes it as, and the last serial handed out.
type store struct {
	mu  sync.Mutex
	dir string
}

func (s *store) open(dir string) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.dir = dir
	return os.MkdirAll(dir, 0o755)
}

func (s *store) file(id string) (string, error) {
	if id == "" || strings.Trim(id, "abcdefghijklmnopqrstuvwxyz0123456789-") != "" {
		return "", fmt.Errorf("%q is not a thing id", id)
	}
	if s.dir == "" {
		return "", errors.New("the provider is not configured")
	}
	return filepath.Join(s.dir, id+".json"), nil
}

// load returns the thing id by the schema of b, or nil when there is none.
func (s *store) load(b block, id string) (*dynval.Value, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	name, err := s.file(id)
	if err != nil {
		return nil, err
	}
	data, err := os.ReadFile(name)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	} else if err != nil {
		return nil, err
	}
	return b.schema.DecodeJSON(data, nil)
}

func (s *store) save(b block, id string, v *dynval.Value) error {
	data, err := b.schema.EncodeJSON(v)
	if err != nil {
		return err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	name, err := s.file(id)
	if err != nil {
		return err
	}
	if err := os.WriteFile(name+".tmp", data, 0o600); err != nil {
		return err
	}
	return os.Rename(name+".tmp", name)
}

func (s *store) remove(id string) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	name, err := s.file(id)
	if err == nil {
		err = os.Remove(name)
	}
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	return err
}

// nextSerial hands out 1, 2, 3, ... over the life of the store.
func (s *store) nextSerial() (uint64, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	name := filepath.Join(s.dir, "serial")
	last := uint64(0)
	if data, err := os.ReadFile(name); err == nil {
		last, _ = strconv.ParseUint(strings.TrimSpace(string(data)), 10, 64)
	}
	return last + 1, os.WriteFile(name, []byte(strconv.FormatUint(last+1, 10)+"\n"), 0o600)
}
