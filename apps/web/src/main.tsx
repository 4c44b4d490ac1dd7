import './index.css';
import { start } from './app/start.tsx';

const root = document.getElementById('root');
if (root) void start(root);
