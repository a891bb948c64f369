//! Code the integration tests share (`mod common;` in a test file).

pub mod corpus;
pub mod rng;
