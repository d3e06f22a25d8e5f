//! The provider's "remote API": a directory holding each thing as ID.json,
//! the JSON its schema encodes it as, and the last serial handed out.
use std::io::ErrorKind;
use std::path::PathBuf;
use std::sync::Mutex;

use dynval::{AsValueRef, Value};

use crate::dynamic::{Block, BoxError};

type Result<T> = std::result::Result<T, BoxError>;

#[derive(Default)]
pub struct Store {
    dir: Mutex<Option<PathBuf>>,
}

impl Store {
    pub fn open(&self, dir: &str) -> std::io::Result<()> {
        let mut d = self.dir.lock().unwrap();
        *d = Some(PathBuf::from(dir));
        std::fs::create_dir_all(dir)
    }

    fn file(dir: &Option<PathBuf>, id: &str) -> Result<PathBuf> {
        if id.is_empty() || !id.bytes().all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == b'-') {
            return Err(format!("{id:?} is not a thing id").into());
        }
        let dir = dir.as_ref().ok_or("the provider is not configured")?;
        Ok(dir.join(format!("{id}.json")))
    }

    /// The thing `id` by the schema of `b`, or `None` when there is none.
    pub fn load(&self, b: &Block, id: &str) -> Result<Option<Value>> {
        let dir = self.dir.lock().unwrap();
        match std::fs::read(Self::file(&dir, id)?) {
            Ok(data) => Ok(Some(b.schema.decode_json(data)?)),
            Err(e) if e.kind() == ErrorKind::NotFound => Ok(None),
            Err(e) => Err(e.into()),
        }
    }

    pub fn save(&self, b: &Block, id: &str, v: impl AsValueRef) -> Result<()> {
        let data = b.schema.encode_json(v)?;
        let dir = self.dir.lock().unwrap();
        let name = Self::file(&dir, id)?;
        let tmp = name.with_extension("json.tmp");
        std::fs::write(&tmp, data)?;
        Ok(std::fs::rename(tmp, name)?)
    }

    pub fn remove(&self, id: &str) -> Result<()> {
        let dir = self.dir.lock().unwrap();
        match std::fs::remove_file(Self::file(&dir, id)?) {
            Err(e) if e.kind() != ErrorKind::NotFound => Err(e.into()),
            _ => Ok(()),
        }
    }

    /// Hands out 1, 2, 3, ... over the life of the store.
    pub fn next_serial(&self) -> Result<u64> {
        let dir = self.dir.lock().unwrap();
        let name = dir.as_ref().ok_or("the provider is not configured")?.join("serial");
        let last: u64 = std::fs::read_to_string(&name).ok().and_then(|s| s.trim().parse().ok()).unwrap_or(0);
        std::fs::write(name, format!("{}\n", last + 1))?;
        Ok(last + 1)
    }
}
