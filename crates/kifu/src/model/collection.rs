use serde::{Deserialize, Serialize};

use super::Game;

/// Everything one file holds: any number of games (an SGF collection holds many).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct Collection {
    /// The games in file order.
    pub games: Vec<Game>,
}
